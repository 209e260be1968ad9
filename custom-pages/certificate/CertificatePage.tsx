import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import { PublicFrame } from '../../src/pages/PublicFrame.tsx';
import { currentBrand } from '../../brands/index.ts';
import { hasPermission } from '../../core/permissions.ts';
import { readPermissions, readSession } from '../../providers/session.ts';
import type { CertificateData } from '../../resources/certificate.ts';
import { certificateSections, DEVICE_STANDARD } from './sections.ts';
import { CertificateSectionView } from './CertificateSections.tsx';
import { WarrantyCertificate } from './WarrantyCertificate.tsx';
import { PrintButton } from './PrintButton.tsx';
import { CorrectionDialog } from './CorrectionDialog.tsx';
import { useCertificate } from './useCertificate.ts';
import { pageAddress } from './qr.ts';
import { useQrCode } from '../../src/qr-code.ts';

/** Public certificate page /certificate/{imei} (spec §2): no sign-in needed; a session's token brings the full view. */
export function CertificatePage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { state, replace } = useCertificate(id);
  return (
    <PublicFrame title="certificate.title" wide>
      {state.status === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      )}
      {state.status === 'missing' && (
        <Alert severity="info" variant="outlined">
          <Typography variant="h6" component="h2">
            {translate('certificate.notFound')}
          </Typography>
          {translate('certificate.notFoundHint', { imei: id })}
        </Alert>
      )}
      {state.status === 'failed' && <Alert severity="error">{translate('certificate.loadFailed')}</Alert>}
      {state.status === 'ready' && <Certificate data={state.data} onCorrected={replace} />}
    </PublicFrame>
  );
}

function Certificate({ data, onCorrected }: { data: CertificateData; onCorrected(data: CertificateData): void }) {
  const translate = useTranslate();
  const brand = currentBrand();
  const qrCode = useQrCode(pageAddress());
  const [editing, setEditing] = useState(false);
  const session = readSession();
  const mayCorrect = Boolean(
    session && data.full && hasPermission(session.role.isSuperAdmin, readPermissions(), 'edit-certificate'),
  );
  const sections = certificateSections(data, translate);
  return (
    <>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 2, md: 3 },
          mb: 2,
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexDirection: { xs: 'column', sm: 'row' },
        }}
      >
        <Box component="img" src={brand.logoUrl} alt="" sx={{ width: 56, height: 56 }} />
        <Box sx={{ flex: 1, textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="h6" component="p" sx={{ color: brand.palette.primary, fontWeight: 700 }}>
            {brand.brandNameInCertificate}
          </Typography>
          <Typography variant="body2">{translate('certificate.certificateNo', { imei: data.device.imei })}</Typography>
          <Typography
            variant="body2"
            color="text.secondary"
          >{`${translate('certificate.fields.standard')}: ${DEVICE_STANDARD}`}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: { xs: 'center', sm: 'flex-start' } }}>
            <PrintButton data={data} qrCode={qrCode} />
            {mayCorrect && (
              <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {translate('certificate.edit.button')}
              </Button>
            )}
          </Stack>
        </Box>
        <Box sx={{ textAlign: 'center' }}>
          {qrCode ? (
            <Box
              component="img"
              src={qrCode}
              alt={translate('certificate.qrAlt')}
              data-testid="certificate-qr"
              sx={{ width: 140, height: 140, display: 'block', imageRendering: 'pixelated' }}
            />
          ) : (
            <Box sx={{ width: 140, height: 140 }} />
          )}
          <Typography variant="caption" color="text.secondary">
            {translate('certificate.scanToVerify')}
          </Typography>
        </Box>
      </Paper>
      {!data.full && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('certificate.maskedNotice')}
        </Alert>
      )}
      {sections.map((section, i) => (
        <CertificateSectionView
          key={section.header}
          section={section}
          emptyText={i === sections.length - 1 && !data.full ? translate('certificate.kycHidden') : undefined}
        />
      ))}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {translate('certificate.disclaimer', { standard: DEVICE_STANDARD })}
      </Typography>
      <WarrantyCertificate data={data} />
      {editing && (
        <CorrectionDialog
          data={data}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            onCorrected(next);
            setEditing(false);
          }}
        />
      )}
    </>
  );
}
