import { Box } from '@mui/material';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <ScrollToTop />
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 96px)' }}>
        <Box sx={{ flex: 1 }}>{children}</Box>
        <Footer />
      </Box>
    </RaLayout>
  );
}
