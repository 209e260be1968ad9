import { Box, Divider, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { currentBrand } from '../../brands/index.ts';
import type { CertificateData } from '../../resources/certificate.ts';
import { warrantyPeriod, warrantyTexts } from './sections.ts';

/**
 * The Warranty Certificate under the fitment certificate: its period and the day it ends, its five
 * headings and the company's address from the brand.
 */
export function WarrantyCertificate({ data }: { data: CertificateData }) {
  const translate = useTranslate();
  const brand = currentBrand();
  const warranty = warrantyTexts(translate, brand.warrantyBrandNames);
  return (
    <Paper variant="outlined" component="section" aria-label={warranty.title} sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
      <Typography variant="h5" component="h2" align="center" gutterBottom>
        {warranty.title}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 4, rowGap: 1, m: 0, mb: 2 }}
      >
        {warrantyPeriod(data, translate).map((item) => (
          <div key={item.header}>
            <Typography variant="caption" color="text.secondary" component="dt">
              {item.header}
            </Typography>
            <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {item.value}
            </Typography>
          </div>
        ))}
      </Box>
      {warranty.sections.map((s) => (
        <Box key={s.heading} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {s.heading}
          </Typography>
          {s.paragraphs?.map((p) => (
            <Typography key={p} variant="body2" sx={{ mb: 1 }}>
              {p}
            </Typography>
          ))}
          {s.points && (
            <Box component="ol" sx={{ m: 0, pl: 3 }}>
              {s.points.map((p) => (
                <Typography key={p} component="li" variant="body2">
                  {p}
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      ))}
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" component="h3">
        {translate('certificate.warranty.companyAddress')}
      </Typography>
      <Typography variant="body2">{brand.brandNameInCertificate}</Typography>
      <Typography variant="body2">{brand.address}</Typography>
      <Typography variant="body2">
        {brand.email} · {brand.phone}
      </Typography>
    </Paper>
  );
}
