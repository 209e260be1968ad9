import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { CORRECTABLE_FIELDS, type CertificateData, type CorrectionBody } from '../../resources/certificate.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { formatDate, formatDateTime, indianIsoDay, parseIndianDate } from '../../core/format/date.ts';

type Part = keyof typeof CORRECTABLE_FIELDS;

/** The labels the fitment form gives these fields, so a correction reads like the form. */
const LABELS: Record<string, string> = {
  'vehicle.engineNo': 'fitment.fields.engineNo',
  'vehicle.chassisNo': 'fitment.fields.chassisNo',
  'vehicle.make': 'fitment.fields.make',
  'vehicle.model': 'fitment.fields.model',
  'vehicle.regDate': 'fitment.fields.regDate',
  'owner.address': 'fitment.fields.address',
  'fitter.firstName': 'certificate.fields.fitterFirstName',
  'fitter.lastName': 'certificate.fields.fitterLastName',
};

function currentValues(data: CertificateData): Record<string, string> {
  const source: Record<Part, object> = { vehicle: data.vehicle, owner: data.owner, fitter: data.fitment.by };
  return Object.fromEntries(
    (Object.entries(CORRECTABLE_FIELDS) as [Part, readonly string[]][]).flatMap(([part, fields]) =>
      fields.map((f) => {
        const name = `${part}.${f}`;
        return [name, shownValue(name, String((source[part] as Record<string, unknown>)[f] ?? ''))];
      }),
    ),
  );
}

/** The registration date is typed dd/MM/yyyy like every date of the console, and sent as yyyy-MM-dd. */
const REG_DATE = 'vehicle.regDate';
const shownValue = (name: string, value: string) => (name === REG_DATE && value ? formatDate(value) : value);
function sentValue(name: string, value: string): string {
  if (name !== REG_DATE) return value;
  const day = parseIndianDate(value);
  // a date that is not one goes as typed: the server's message names the field
  return day ? indianIsoDay(day) : value;
}

interface Correction {
  id: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  correctedAt: string;
  correctedBy: string | null;
}

/** The audit trail of the certificate's corrections, newest first. */
function CorrectionHistory({ imei }: { imei: string }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<Correction[]>();
  useEffect(() => {
    let live = true;
    apiCall<Correction[]>(`/certificate/${encodeURIComponent(imei)}/corrections`).then(
      (r) => {
        if (live) setRows(r);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [imei]);
  if (!rows) return null;
  const shown = (name: string, value: string | null) => (value ? shownValue(name, value) : '—');
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {translate('certificate.edit.history')}
      </Typography>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('certificate.edit.noHistory')}
        </Typography>
      )}
      {rows.map((c) => (
        <Typography key={c.id} variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {translate('certificate.edit.historyLine', {
            field: translate(LABELS[c.field] ?? c.field),
            old: shown(c.field, c.oldValue),
            new: shown(c.field, c.newValue),
            who: c.correctedBy ?? '—',
            when: formatDateTime(c.correctedAt),
          })}
        </Typography>
      ))}
    </Box>
  );
}

/** edit-certificate: correct the certificate's own fields; the server keeps each change as an audit row. */
export function CorrectionDialog({
  data,
  onClose,
  onSaved,
}: {
  data: CertificateData;
  onClose(): void;
  onSaved(data: CertificateData): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const initial = currentValues(data);
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const save = async () => {
    const body: CorrectionBody = {};
    for (const [name, value] of Object.entries(values)) {
      if (value === initial[name]) continue;
      const [part, field] = name.split('.') as [Part, string];
      (body[part] ??= {} as never)[field as never] = sentValue(name, value) as never;
    }
    if (!Object.keys(body).length) return setError(translate('certificate.edit.nothingChanged'));
    setSaving(true);
    try {
      const next = await apiCall<CertificateData>(`/certificate/${encodeURIComponent(data.device.imei)}`, 'PUT', body);
      notify('certificate.edit.saved', { type: 'success' });
      onSaved(next);
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{translate('certificate.edit.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('certificate.edit.hint')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {Object.keys(initial).map((name) => (
            <TextField
              key={name}
              label={translate(LABELS[name]!)}
              value={values[name]}
              size="small"
              placeholder={name === REG_DATE ? 'dd/MM/yyyy' : undefined}
              multiline={name === 'owner.address'}
              minRows={name === 'owner.address' ? 3 : undefined}
              sx={name === 'owner.address' ? { gridColumn: '1 / -1' } : undefined}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
            />
          ))}
        </Box>
        <CorrectionHistory imei={data.device.imei} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('certificate.edit.cancel')}</Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()}>
          {translate('certificate.edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
