import { Box, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { currentBrand } from '../../brands/index.ts';

/** Copyright year (2023, as the spec shows it) and legal links that open in a new tab. */
export function Footer() {
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        justifyContent: 'space-between',
        px: 2,
        py: 1.5,
        mt: 'auto',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">{translate('layout.copyright', { brand: currentBrand().brandName })}</Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Link href="/public/term-of-use" target="_blank" rel="noopener" variant="body2">
          {translate('layout.termsOfUse')}
        </Link>
        <Link href="/public/privacy" target="_blank" rel="noopener" variant="body2">
          {translate('layout.privacy')}
        </Link>
        <Link href="/public/contact-us" target="_blank" rel="noopener" variant="body2">
          {translate('layout.contactUs')}
        </Link>
      </Box>
    </Box>
  );
}
