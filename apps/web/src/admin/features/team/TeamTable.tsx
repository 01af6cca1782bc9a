import { ADMIN_ROUTE, can, canManageMember, encodeId, isRole, MSG, type TeamMemberRecord } from '@eta/shared';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Fragment, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Dropdown from 'react-bootstrap/Dropdown';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { selectUser, useAppSelector } from '../../../store/index.ts';
import { useResetMemberTwoFactorMutation } from '../account/index.ts';
import { useDeleteTeamMemberMutation, useGetTeamMemberListQuery } from './api.ts';
import { MemberSessionsModal } from './MemberSessionsModal.tsx';
import { useReleaseClaims } from './useReleaseClaims.tsx';

const column = createColumnHelper<TeamMemberRecord>();

/**
 * An address that may wrap only at its seams: after the @ and before each dot (`<wbr>`), so a
 * narrow column shows "amelia.traveller@ / example.test", never "amelia.trav / eller@…".
 */
function EmailAddress({ email }: { email: string }) {
  const [local = '', domain] = email.split(/@(?=[^@]*$)/);
  const seams = (text: string) =>
    text.split('.').map((part, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, never reordered
      <Fragment key={i}>
        {i > 0 && <wbr />}
        {i > 0 ? `.${part}` : part}
      </Fragment>
    ));
  if (domain === undefined) return <>{seams(email)}</>;
  return (
    <>
      {seams(local)}@<wbr />
      {seams(domain)}
    </>
  );
}

/**
 * SPEC §2 Team Member List: Edit and Delete per row, no search and no row selection; DESIGN §17 adds
 * each member's two-factor state, their sessions, and (Admin) a reset of their second factor.
 */
export function TeamTable({ editingId }: { editingId: string | null }) {
  const navigate = useNavigate();
  const role = useAppSelector((state) => state.auth.role);
  const me = useAppSelector(selectUser);
  const list = useGetTeamMemberListQuery();
  const [deleteMember, deleteState] = useDeleteTeamMemberMutation();
  const [pending, setPending] = useState<TeamMemberRecord | null>(null);
  const [viewing, setViewing] = useState<TeamMemberRecord | null>(null);
  const [resetting, setResetting] = useState<TeamMemberRecord | null>(null);
  const [resetTwoFactor, resetState] = useResetMemberTwoFactorMutation();
  const mayReset = role !== null && can(role, 'team.resetTwoFactor');
  const myId = me ? encodeId(me.id) : null;
  const releaseClaims = useReleaseClaims();

  const columns = useMemo(
    () => [
      column.accessor('name', { header: 'Name' }),
      column.accessor('email', { header: 'Email ID', cell: ({ getValue }) => <EmailAddress email={getValue()} /> }),
      column.accessor('type', { header: 'Member Type' }),
      column.accessor('two_factor_enabled', {
        header: '2FA',
        cell: ({ getValue }) =>
          getValue() ? (
            <span className="badge text-bg-success">On</span>
          ) : (
            <span className="badge text-bg-light">Off</span>
          ),
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => {
          const member = row.original;
          // The UI hides what the server refuses (DESIGN §7): Managers cannot touch Admins, nobody deletes themself.
          const allowed = role !== null && isRole(member.type) && canManageMember(role, member.type);
          if (!allowed) return <span className="text-secondary small">—</span>;
          return (
            <div className="d-flex gap-2">
              <Link to={`${ADMIN_ROUTE.manageTeam}/${member.id}`} className="btn btn-sm btn-outline-primary">
                Edit
              </Link>
              {member.id !== myId && (
                <Button size="sm" variant="outline-danger" onClick={() => setPending(member)}>
                  Delete
                </Button>
              )}
              {/* DESIGN §17's account actions, behind one button so the row keeps SPEC's Edit and Delete in view */}
              <Dropdown align="end">
                <Dropdown.Toggle size="sm" variant="outline-secondary" aria-label={`More for ${member.name}`}>
                  More
                </Dropdown.Toggle>
                <Dropdown.Menu>
                  <Dropdown.Item as="button" onClick={() => setViewing(member)}>
                    Sessions
                  </Dropdown.Item>
                  {releaseClaims.item(member)}
                  {mayReset && member.two_factor_enabled && member.id !== myId && (
                    <Dropdown.Item as="button" onClick={() => setResetting(member)}>
                      Reset 2FA
                    </Dropdown.Item>
                  )}
                </Dropdown.Menu>
              </Dropdown>
            </div>
          );
        },
      }),
    ],
    [role, myId, mayReset, releaseClaims.item],
  );

  const rows = list.error ? [] : (list.data?.data ?? []);
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel() });

  const confirmDelete = async () => {
    if (!pending) return;
    const envelope = await deleteMember({ teamMemberId: pending.id }).unwrap().catch(refused);
    const deletedId = pending.id;
    setPending(null);
    // Deleting the member open in the form leaves nothing to edit.
    if (envelope && notify(envelope) && deletedId === editingId) await navigate(ADMIN_ROUTE.manageTeam);
  };

  return (
    <Card className="shadow-sm border-0">
      <Card.Header className="bg-white fw-semibold">Team Member List</Card.Header>
      <Card.Body className="p-0">
        {list.isLoading ? (
          <Loading />
        ) : (
          <ScrollRegion className="table-responsive" label="Team Member List">
            <Table hover className="mb-0 align-middle team-table">
              <thead className="table-light">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className={row.original.id === editingId ? 'table-active' : undefined}>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                  </tr>
                ))}
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={columns.length} className="text-center text-secondary py-4">
                      {list.error ? list.error.message : MSG.noRecords}
                    </td>
                  </tr>
                )}
              </tbody>
            </Table>
          </ScrollRegion>
        )}
      </Card.Body>
      {releaseClaims.modal}
      {viewing && <MemberSessionsModal member={viewing} onClose={() => setViewing(null)} />}
      <ConfirmModal
        show={resetting !== null}
        message={`Reset ${resetting?.name ?? ''}'s two-factor sign-in? They sign in with their password and set it up again.`}
        confirmLabel="Reset 2FA"
        busy={resetState.isLoading}
        onCancel={() => setResetting(null)}
        onConfirm={async () => {
          const envelope = resetting && (await resetTwoFactor(resetting.id).unwrap().catch(refused));
          if (envelope) notify(envelope);
          setResetting(null);
        }}
      />
      <ConfirmModal
        show={pending !== null}
        busy={deleteState.isLoading}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
