import { Box } from '@mui/material';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { Menu } from './Menu.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { SosBanner } from './SosBanner.tsx';

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // a wide table scrolls inside its card instead of pushing the page past the window
    <RaLayout appBar={AppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <ScrollToTop />
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 'calc(100vh - 96px)' }}>
        <SosBanner />
        <Box sx={{ flex: 1 }}>{children}</Box>
        <Footer />
      </Box>
    </RaLayout>
  );
}
