import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { csvText, download, toCsv } from '../../src/resources/exporters.ts';
import { DropZone } from '../../src/resources/inputs/DropZone.tsx';
import { sampleTable } from './bulkCsv.ts';

/**
 * Bulk Upload: drop a CSV file (or choose one), its header is checked, its rows become records and
 * go to POST /activation/bulk at once: all are created or none.
 */
export function BulkUploadDialog({
  onClose,
  onBusy,
}: {
  onClose(created: boolean): void;
  onBusy(label: string | null): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [error, setError] = useState<string>();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    const { readBulkCsv } = await import('./readBulkCsv.ts');
    const read = readBulkCsv(await file.text());
    if ('error' in read) return setError(translate(read.error, read.args));
    const { records } = read;
    onBusy(translate('fitment.bulk.uploading', { count: records.length }));
    try {
      const result = await apiCall<{ message: string }>('/activation/bulk', 'POST', records);
      notify(result.message ?? 'fitment.bulk.created', { type: 'success' });
      onClose(true);
    } catch (e) {
      const text = errorMessage(e, translate('fitment.bulk.failed'));
      setError(text);
      notify(text, { type: 'error' });
    } finally {
      onBusy(null);
    }
  };

  // the sample's device is the first the user may fit, as the form's IMEI picker offers them
  const { data: free } = useGetList<{ id: string; imei: string }>('device', {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'imei', order: 'ASC' },
    filter: { statusNotIn: 'INSTALLED' },
  });
  const sampleNow = () => sampleTable(free?.[0]?.imei);
  const sample = async () => download(await toCsv(sampleNow()), 'activations-sample.csv');
  const cloneSample = async () => {
    await navigator.clipboard?.writeText(await csvText(sampleNow()));
    notify('fitment.bulk.cloned', { type: 'info' });
  };

  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">{translate('fitment.bulk.title')}</DialogTitle>
      <DialogContent>
        <DropZone onFiles={(files) => void upload(files[0])} sx={{ p: 3, textAlign: 'center' }}>
          {() => (
            <>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {translate('fitment.bulk.intro')}
              </Typography>
              <Button component="label" variant="outlined">
                {translate('fitment.bulk.choose')}
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label={translate('fitment.bulk.choose')}
                  onChange={(e) => void upload(e.target.files?.[0])}
                />
              </Button>
            </>
          )}
        </DropZone>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void sample()}>{translate('fitment.bulk.downloadSample')}</Button>
        <Button onClick={() => void cloneSample()}>{translate('fitment.bulk.cloneSample')}</Button>
        <Button onClick={() => onClose(false)}>{translate('fitment.bulk.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
