import { disputeLabel } from '@eta/shared';

/** The options of a select over one of the shared lists (processors, categories, stages, states), labelled once. */
export function DisputeOptions({ values, empty }: { values: readonly string[]; empty?: string }) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {disputeLabel(value)}
        </option>
      ))}
    </>
  );
}
