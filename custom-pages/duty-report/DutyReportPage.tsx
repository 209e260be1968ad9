import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Card, CardContent, MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import duty from '../../resources/reports/duty-report.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { ReportPage } from '../reports/ReportPage.tsx';

/** The groupId of the page's ?filter=, if any. */
function filterGroup(params: URLSearchParams): string | null {
  try {
    const filter: unknown = JSON.parse(params.get('filter') ?? '{}');
    const groupId = filter && typeof filter === 'object' ? (filter as { groupId?: unknown }).groupId : null;
    return typeof groupId === 'string' && groupId ? groupId : null;
  } catch {
    return null;
  }
}

/**
 * /duty-report?group=<groupId>, as Vehicle Status's "View Report" opens it: the duty report of one
 * group. The group is required here: without one the page asks for it; with ?group= it becomes the
 * report's filter (the report pages' ?filter=), so the period, pickers and exports work as on
 * /reports/duty-report.
 */
export function DutyReportPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: groups = [] } = useGetList<{ id: string; name: string }>('groups', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const group = params.get('group');
  if (group) {
    return (
      <Navigate
        replace
        to={`/duty-report?filter=${encodeURIComponent(JSON.stringify({ preset: duty.defaultPreset, groupId: group }))}`}
      />
    );
  }
  if (filterGroup(params)) return <ReportPage report={duty} />;
  return (
    <>
      <PageHeader title="menu.dutyReport" />
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 480 }}>
          <Alert severity="info">{translate('duty.chooseGroup')}</Alert>
          <TextField
            select
            size="small"
            label={translate('reports.group')}
            value=""
            onChange={(e) => navigate(`/duty-report?group=${encodeURIComponent(e.target.value)}`)}
          >
            {groups.map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>
    </>
  );
}
