import { Box, CircularProgress } from '@mui/material';

/** Shown until the authentication state is known. */
export function Splash() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress />
    </Box>
  );
}
