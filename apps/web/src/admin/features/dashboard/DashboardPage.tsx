import { FOLDERS, folderRoute, SCREENS } from '@eta/shared';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { selectUser, useAppSelector } from '../../../store/index.ts';
import { selectCount } from '../../../store/orderSlice.ts';
import { NextUrgentOrderButton } from '../queues/index.ts';
import { DisputesDueTile } from './DisputesDueTile.tsx';
import { OrderTrend } from './OrderTrend.tsx';
import { ProcessorTile } from './ProcessorTile.tsx';

/**
 * SPEC §2: the dashboard shows five queues (each folder's definition says whether it has a tile), then
 * Overdue Orders (DESIGN §18) and disputes due (DESIGN §14): seven tiles, two a row on a phone, four
 * from tablets up; with Stripe connected, Refund failed and open fraud warnings too (DESIGN §26).
 */
const TILES = FOLDERS.flatMap((folder) =>
  folder.view.dashboardTile ? [{ folder, ...folder.view.dashboardTile }] : [],
);

/** Counts are SPEC §3's `count` (selectCount over the cache), which the sidebar refreshes on every path change. */
export function DashboardPage() {
  const count = useAppSelector(selectCount);
  const user = useAppSelector(selectUser);
  return (
    <>
      <PageHeader title={SCREENS.dashboard.title}>
        {user && <span className="text-secondary small">Signed in as {user.type}</span>}
        {/* DESIGN §23: from the dashboard, Next order takes the most urgent order of any folder */}
        <NextUrgentOrderButton />
      </PageHeader>
      <Row xs={2} md={4} className="g-3">
        {TILES.map(({ folder, accent }) => (
          <Col key={folder.name}>
            <Card
              as={Link}
              to={folderRoute(folder.path)}
              className={`dashboard-tile border-0 border-start border-4 border-${accent} h-100`}
            >
              <Card.Body className="d-flex flex-column">
                <div className="text-secondary small text-uppercase fw-semibold">{folder.label}</div>
                <div className="dashboard-count mt-1" data-testid={`count-${folder.countField}`}>
                  {count[folder.countField] ?? '–'}
                </div>
                <div className={`small text-${accent}-emphasis mt-auto pt-2`}>View orders →</div>
              </Card.Body>
            </Card>
          </Col>
        ))}
        <DisputesDueTile />
        <ProcessorTile />
      </Row>
      <OrderTrend />
    </>
  );
}
