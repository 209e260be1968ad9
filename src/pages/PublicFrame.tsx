import { Box, Container, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { LocalesMenuButton, Title, useTranslate } from 'react-admin';
import { currentBrand } from '../../brands/index.ts';
import { ScrollToTop } from '../layout/ScrollToTop.tsx';
import { isComplete, isExpired, readSession } from '../../providers/session.ts';

/** Frame of the public pages: brand bar, content, and the way into the console: Sign in, or Open console for a signed-in user. */
export function PublicFrame({
  title,
  titleArgs,
  children,
  wide = false,
}: {
  title: string;
  titleArgs?: Record<string, string>;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const translate = useTranslate();
  const brand = currentBrand();
  const session = readSession();
  const signedIn = isComplete(session) && !isExpired(session.refreshExpiresAt);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}>
      <ScrollToTop />
      <Title title={translate(title, titleArgs)} />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 3,
          height: 64,
          bgcolor: brand.palette.primary,
          color: '#fff',
        }}
      >
        <Box
          component="img"
          alt=""
          src={brand.logoUrl}
          sx={{ width: 32, height: 32, filter: 'brightness(0) invert(1)' }}
        />
        <Typography variant="h6" component="span" sx={{ flex: 1 }}>
          {brand.brandName}
        </Typography>
        <LocalesMenuButton />
        <MuiLink component={Link} to={signedIn ? '/' : '/auth/login'} color="inherit" sx={{ whiteSpace: 'nowrap' }}>
          {translate(signedIn ? 'auth.openConsole' : 'auth.signIn')}
        </MuiLink>
      </Box>
      <Container maxWidth={wide ? 'xl' : 'md'} sx={{ py: 4, px: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate(title, titleArgs)}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
