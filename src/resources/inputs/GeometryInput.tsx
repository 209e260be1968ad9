import { useState } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import type { GeometryField } from '../../../resources/define.ts';

/**
 * A point as latitude and longitude, other shapes as GeoJSON coordinates. Picking and drawing on
 * the map replaces this once the map layer lands with live tracking.
 */
export function GeometryInput({ source, label, field: declared }: { source: string; label: string; field: GeometryField }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, validate: declared.required ? (v: unknown) => (v ? undefined : { message: 'validation.required', args: { label: translate(label) } }) : undefined });
  const value = field.value as { type: string; coordinates: unknown } | null;
  const [text, setText] = useState(() => (value && value.type !== 'Point' ? JSON.stringify(value.coordinates) : ''));
  const [parseError, setParseError] = useState(false);
  const pointOnly = declared.kinds.length === 1 && declared.kinds[0] === 'Point';
  const [lng, lat] = value?.type === 'Point' ? (value.coordinates as number[]) : [undefined, undefined];

  const setPoint = (nextLat: string, nextLng: string) => {
    const a = Number(nextLat);
    const b = Number(nextLng);
    field.onChange(nextLat !== '' && nextLng !== '' && Number.isFinite(a) && Number.isFinite(b) ? { type: 'Point', coordinates: [b, a] } : null);
  };
  const setShape = (raw: string) => {
    setText(raw);
    try {
      const coordinates = JSON.parse(raw) as unknown[];
      const type = Array.isArray(coordinates[0]) && Array.isArray((coordinates[0] as unknown[])[0]) ? 'Polygon' : Array.isArray(coordinates[0]) ? 'LineString' : 'Point';
      setParseError(!declared.kinds.includes(type as never));
      field.onChange({ type, coordinates });
    } catch {
      setParseError(raw !== '');
      if (raw === '') field.onChange(null);
    }
  };

  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>{translate(label)}</Typography>
      {pointOnly || value?.type === 'Point' || (!value && declared.kinds.includes('Point') && !text) ? (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextField label={translate('list.latitude')} type="number" defaultValue={lat ?? ''} onChange={(e) => setPoint(e.target.value, String(lng ?? ''))} inputProps={{ step: 'any' }} />
          <TextField label={translate('list.longitude')} type="number" defaultValue={lng ?? ''} onChange={(e) => setPoint(String(lat ?? ''), e.target.value)} inputProps={{ step: 'any' }} />
        </Box>
      ) : null}
      {!pointOnly && (
        <TextField
          fullWidth multiline minRows={2} sx={{ mt: 1 }} label={translate('list.coordinates')} value={text}
          onChange={(e) => setShape(e.target.value)} error={parseError || Boolean(fieldState.error)}
          helperText={parseError ? translate('validation.invalid', { label: translate(label) }) : fieldState.error?.message}
        />
      )}
    </Box>
  );
}
