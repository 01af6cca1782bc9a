import { SCREENS } from '@eta/shared';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { TeamForm } from './TeamForm.tsx';
import { TeamTable } from './TeamTable.tsx';

/** /admin/manage-team and its edit mode /admin/manage-team/{encoded id} (SPEC §2). */
export function TeamPage() {
  const { teamMemberId } = useParams();
  return (
    <>
      <PageHeader title={SCREENS.manageTeam.title} />
      <Row className="g-4">
        <Col lg={5} xl={4}>
          {/* Keyed by id so switching from one member to another starts a clean form. */}
          <TeamForm key={teamMemberId ?? 'new'} memberId={teamMemberId ?? null} />
        </Col>
        <Col lg={7} xl={8}>
          <TeamTable editingId={teamMemberId ?? null} />
        </Col>
      </Row>
    </>
  );
}
