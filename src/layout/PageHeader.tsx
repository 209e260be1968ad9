import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** Seen by screen readers only. Sizes as strings: a bare 1 in sx means 100%. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The language-aware page header: title (also in the app bar), subtitle and actions on the right.
 * A full-window page (the live map) keeps the app bar's title and hides the rest but the heading, for screen readers.
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  appBarOnly = false,
}: {
  title: string;
  subtitle?: string;
  actions?: React.ReactNode;
  appBarOnly?: boolean;
}) {
  const translate = useTranslate();
  if (appBarOnly) {
    return (
      <>
        <Title title={translate(title)} />
        <Typography variant="h5" component="h1" sx={visuallyHidden}>
          {translate(title)}
        </Typography>
      </>
    );
  }
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        mb: 2,
        mt: 2,
      }}
    >
      <Title title={translate(title)} />
      <Box>
        <Typography variant="h5" component="h1">
          {translate(title)}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {translate(subtitle)}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
