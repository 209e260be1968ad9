import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { LocalesMenuButton, useLocaleState, useTranslate } from 'react-admin';
import { currentBrand } from '../../../brands/index.ts';

/**
 * Public sign-in pages: the form on a card, the brand's promotional panel beside it. Needs only the
 * translation and store contexts, so the sign-in page's own entry can use it.
 */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  const translate = useTranslate();
  const brand = currentBrand();
  const [locale] = useLocaleState();
  const promotion = brand.loginPageText[locale === 'hi' ? 'hi' : 'en'];
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        data-testid="login-side-panel"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: 1,
          flexDirection: 'column',
          justifyContent: 'center',
          p: 6,
          color: '#fff',
          background: `linear-gradient(135deg, ${brand.palette.panel}, ${brand.palette.primary})`,
        }}
      >
        <Box
          component="img"
          alt={brand.brandName}
          src={brand.logoUrl}
          sx={{ width: 72, height: 72, mb: 3, filter: 'brightness(0) invert(1)' }}
        />
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, mb: 2 }}>
          {promotion.headline}
        </Typography>
        <Stack component="ul" spacing={1} sx={{ pl: 2.5, m: 0 }}>
          {promotion.lines.map((line) => (
            <Typography component="li" key={line}>
              {line}
            </Typography>
          ))}
        </Stack>
        <Typography variant="body2" sx={{ mt: 6, opacity: 0.8 }}>
          {brand.trackerName}
        </Typography>
      </Box>
      <Box
        sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, position: 'relative' }}
      >
        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <LocalesMenuButton />
        </Box>
        <Card sx={{ width: '100%', maxWidth: 440 }} elevation={3}>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h5" component="h1" gutterBottom>
              {translate(title)}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate(subtitle)}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
