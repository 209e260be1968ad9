import { Box, Chip, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../core/format/date.ts';
import type { DebugFrame } from '../../resources/debug.ts';

/** The decoded fields as "path: value" lines, nested objects flattened, nulls left out. */
function flatten(value: unknown, prefix = ''): [string, string][] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.length ? [[prefix, value.join(', ')]] : [];
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key));
  return [[prefix, String(value)]];
}

const checksumColour = { valid: 'success', invalid: 'error', absent: 'default' } as const;

/** One received frame: when, what kind, the checksum's result, the error, the raw text and the decoded fields. */
function FrameRow({ frame }: { frame: DebugFrame }) {
  const translate = useTranslate();
  const fields = flatten(frame.fields).filter(([key]) => key !== 'kind');
  return (
    <Paper component="li" variant="outlined" data-testid="debug-frame" sx={{ listStyle: 'none', p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {formatDateTime(frame.receivedAt)}
        </Typography>
        <Chip
          size="small"
          label={translate(`debug.kinds.${frame.kind ?? 'unreadable'}`)}
          color={frame.kind ? 'primary' : 'error'}
          variant="outlined"
        />
        <Chip
          size="small"
          label={`${translate('debug.checksum')}: ${translate(`debug.checksums.${frame.checksum}`)}`}
          color={checksumColour[frame.checksum]}
        />
      </Box>
      {frame.error && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }}>
          {translate('debug.error')}: {frame.error}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {translate('debug.rawFrame')}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          mb: 1,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {frame.frame}
      </Box>
      {fields.length > 0 && (
        <details>
          <summary>
            <Typography variant="caption" component="span">
              {translate('debug.fields')} ({fields.length})
            </Typography>
          </summary>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 2,
              rowGap: 0.25,
              m: 0,
              mt: 1,
              fontSize: 13,
            }}
          >
            {fields.map(([key, value]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {key}
                </Box>
                <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
                  {value}
                </Box>
              </Box>
            ))}
          </Box>
        </details>
      )}
    </Paper>
  );
}

export function FrameList({ frames }: { frames: DebugFrame[] }) {
  return (
    <Box component="ol" aria-live="polite" sx={{ display: 'grid', gap: 1, p: 0, m: 0 }}>
      {frames.map((frame) => (
        <FrameRow key={frame.id} frame={frame} />
      ))}
    </Box>
  );
}
