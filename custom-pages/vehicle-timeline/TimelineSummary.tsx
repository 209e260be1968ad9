import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatTime } from '../../core/format/date.ts';
import { formatReportValue } from '../../resources/reports/format.ts';
import type { TimelineSummary as Summary } from '../../resources/reports/timeline.ts';

/**
 * The day's figures (daily_summaries) above the timeline; without them, a note: the vehicle sent
 * nothing, or (it did: `active`) the figures are not worked out yet.
 */
export function TimelineSummary({ summary, active }: { summary: Summary | null; active: boolean }) {
  const translate = useTranslate();
  if (!summary) {
    return (
      <Card>
        <CardContent>
          <Typography color="text.secondary">
            {translate(active ? 'timeline.summaryPending' : 'timeline.noSummary')}
          </Typography>
        </CardContent>
      </Card>
    );
  }
  const alerts = Object.values(summary.alertCounts ?? {}).reduce((a, b) => a + b, 0);
  const figures: [string, string][] = [
    [
      'distance',
      translate('timeline.units.km', { value: formatReportValue('distance', summary.distanceMeters, translate) }),
    ],
    ['running', formatReportValue('duration', summary.runningSeconds, translate)],
    ['idle', formatReportValue('duration', summary.idleSeconds, translate)],
    ['stopped', formatReportValue('duration', summary.stoppedSeconds, translate)],
    ['maxSpeed', translate('timeline.units.kmh', { value: Math.round(summary.maxSpeed) })],
    ['trips', String(summary.trips)],
    ['stops', String(summary.stops)],
    ['alerts', String(alerts)],
    ['firstIgnitionOn', formatTime(summary.firstIgnitionOn) || '–'],
    ['lastIgnitionOff', formatTime(summary.lastIgnitionOff) || '–'],
  ];
  return (
    <Card>
      <CardContent
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)', lg: 'repeat(10, 1fr)' },
          gap: 1.5,
          m: 0,
          '&:last-child': { pb: 2 },
        }}
      >
        {figures.map(([key, value]) => (
          <Box key={key} data-testid={`timeline-summary-${key}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {translate(`timeline.summary.${key}`)}
            </Typography>
            <Typography component="dd" variant="subtitle1" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
