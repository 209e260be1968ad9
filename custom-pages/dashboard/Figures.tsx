/** The dashboards' building blocks: a section of figure cards, each a link to the list or report behind it when the user may open that. */
import { Alert, Box, Button, Card, CardActionArea, Chip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatTime } from '../../core/format/date.ts';

/** Metres as kilometres with one decimal, Indian digit grouping. */
export const km = (meters: number) =>
  (meters / 1000).toLocaleString('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export interface Figure {
  key: string;
  label: string;
  value: string | number | null;
  /** The list or report behind the figure; none when the user may not open it (the figure is then plain text). */
  to?: string;
  colour?: string;
}

/** One figure: a big number and its label; the whole card opens `to` when there is one. */
export function FigureCard({ figure }: { figure: Figure }) {
  const content = (
    <>
      <Typography
        variant="h5"
        component="p"
        aria-busy={figure.value === null}
        sx={{ overflowWrap: 'anywhere' }}
        data-testid={`value-${figure.key}`}
      >
        {figure.value ?? '–'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {figure.label}
      </Typography>
    </>
  );
  return (
    <Card role="listitem" sx={{ borderTop: 4, borderColor: figure.colour ?? 'primary.main', minWidth: 0 }}>
      {figure.to ? (
        <CardActionArea
          component={Link}
          to={figure.to}
          sx={{ p: 1.5, height: '100%' }}
          data-testid={`figure-${figure.key}`}
        >
          {content}
        </CardActionArea>
      ) : (
        <Box sx={{ p: 1.5, height: '100%' }} data-testid={`figure-${figure.key}`}>
          {content}
        </Box>
      )}
    </Card>
  );
}

/** A titled row of figure cards that wraps on narrow screens. */
export function FigureSection({
  title,
  figures,
  children,
  min = 140,
}: {
  title: string;
  figures: Figure[];
  children?: React.ReactNode;
  min?: number;
}) {
  return (
    <Box component="section" sx={{ mb: 3 }} aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        role="list"
        aria-label={title}
        sx={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`, gap: 1 }}
      >
        {figures.map((figure) => (
          <FigureCard key={figure.key} figure={figure} />
        ))}
      </Box>
      {children}
    </Box>
  );
}

/** The live badge and when the figures were read; an error with a retry. */
export function FreshnessBar({
  live,
  at,
  error,
  reload,
}: {
  live: boolean;
  at: number | null;
  error: string | null;
  reload: () => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {live && <Chip size="small" color="success" variant="outlined" label={translate('dashboard.live')} />}
        {at && (
          <Typography variant="body2" color="text.secondary" data-testid="updated-at">
            {translate('dashboard.updated', { time: formatTime(at) })}
          </Typography>
        )}
      </Box>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('dashboard.retry')}
            </Button>
          }
        >
          {translate('dashboard.loadFailed', { message: error })}
        </Alert>
      )}
    </>
  );
}
