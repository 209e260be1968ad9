import { useEffect, useState } from 'react';
import { Box, IconButton, Tooltip, type Theme } from '@mui/material';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, useTranslate } from 'react-admin';
import { HEADER_HEIGHT } from '../theme.ts';
import { UserMenu } from './UserMenu.tsx';
import { SearchButton } from '../search/SearchDialog.tsx';
import { NotificationBell } from './NotificationBell.tsx';

function FullscreenButton() {
  const translate = useTranslate();
  const [on, setOn] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const label = translate(on ? 'layout.exitFullscreen' : 'layout.enterFullscreen');
  const toggle = () => {
    const change = on ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    change?.catch(() => undefined);
  };
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label}>
        {on ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * On a phone the page title needs the width: no fullscreen or refresh button, and the language
 * button shows its icon alone (its name stays the language's, for screen readers).
 */
const phoneFullscreen = { display: { xs: 'none', sm: 'inline-flex' } };
const phoneLanguage = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& .MuiButton-root': { fontSize: 0, minWidth: 40 },
    '& .MuiButton-startIcon': { mr: 0 },
    '& .MuiButton-endIcon': { display: 'none' },
  },
});

/** The 80 px header: menu toggle, page title, search, fullscreen, language, loading, user menu. */
export function AppBar() {
  return (
    <RaAppBar
      color="primary"
      userMenu={<UserMenu />}
      toolbar={
        <>
          <SearchButton />
          <NotificationBell />
          <Box sx={phoneFullscreen}>
            <FullscreenButton />
          </Box>
          <Box sx={phoneLanguage}>
            <LocalesMenuButton />
          </Box>
          {/* on a phone the bell takes the refresh button's place: the title keeps its width */}
          <Box sx={phoneFullscreen}>
            <LoadingIndicator />
          </Box>
        </>
      }
      sx={{ '& .RaAppBar-toolbar': { minHeight: HEADER_HEIGHT, height: HEADER_HEIGHT } }}
    >
      <TitlePortal />
    </RaAppBar>
  );
}
