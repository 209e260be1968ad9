import { lazy, Suspense } from 'react';
import { Box, CircularProgress, FormHelperText, TextField, Typography } from '@mui/material';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { GeometryField } from '../../../resources/define.ts';
import type { Geometry } from '../../map/ShapeEditor.tsx';

const ShapeEditor = lazy(() => import('../../map/ShapeEditor.tsx').then((m) => ({ default: m.ShapeEditor })));

/**
 * A geometry picked or drawn on the map (the map loads on demand); a point can also be typed as
 * latitude and longitude. A sibling radiusMeters field is drawn around a point.
 */
export function GeometryInput({
  source,
  label,
  field: declared,
}: {
  source: string;
  label: string;
  field: GeometryField;
}) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({
    source,
    validate: declared.required
      ? (v: unknown) => (v ? undefined : { message: 'validation.required', args: { label: translate(label) } })
      : undefined,
  });
  const radius = useWatch({ name: 'radiusMeters' }) as number | undefined;
  const value = (field.value ?? null) as Geometry | null;
  const [lng, lat] = value?.type === 'Point' ? (value.coordinates as number[]) : [];
  const setPoint = (nextLat: string, nextLng: string) => {
    const a = Number(nextLat);
    const b = Number(nextLng);
    if (nextLat !== '' && nextLng !== '' && Number.isFinite(a) && Number.isFinite(b))
      field.onChange({ type: 'Point', coordinates: [b, a] });
  };
  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate(label)}
      </Typography>
      <Suspense fallback={<CircularProgress size={24} />}>
        <ShapeEditor kinds={declared.kinds} value={value} onChange={field.onChange} radiusMeters={radius} />
      </Suspense>
      {declared.kinds.includes('Point') && (!value || value.type === 'Point') && (
        <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
          <TextField
            size="small"
            label={translate('list.latitude')}
            type="number"
            value={lat ?? ''}
            onChange={(e) => setPoint(e.target.value, String(lng ?? ''))}
            inputProps={{ step: 'any' }}
          />
          <TextField
            size="small"
            label={translate('list.longitude')}
            type="number"
            value={lng ?? ''}
            onChange={(e) => setPoint(String(lat ?? ''), e.target.value)}
            inputProps={{ step: 'any' }}
          />
        </Box>
      )}
      {fieldState.error?.message && (
        <FormHelperText error>
          <ValidationError error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Box>
  );
}
