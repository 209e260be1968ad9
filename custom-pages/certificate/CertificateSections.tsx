import { Box, Chip, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CertificateSection } from './sections.ts';
import { usePrivateFile } from '../../src/resources/inputs/usePrivateFile.ts';

/** Info grids 4 per row on a desktop, 2 on a phone; image grids 3 per row, 2 on a phone (spec §2, §9). */
const INFO_COLUMNS = { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' };
const IMAGE_COLUMNS = { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' };

function SectionImage({ url, alt }: { url: string; alt: string }) {
  const src = usePrivateFile(url);
  return (
    <Box
      component="a"
      href={src}
      target="_blank"
      rel="noopener"
      sx={{ display: 'block', aspectRatio: '4 / 3', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}
    >
      {src && (
        <Box
          component="img"
          src={src}
          alt={alt}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}

/** One section of the certificate: a titled grid of label/value pairs or of images. */
export function CertificateSectionView({ section, emptyText }: { section: CertificateSection; emptyText?: string }) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={section.header}
      sx={{ p: { xs: 1.5, md: 2 }, mb: 2, breakInside: 'avoid' }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 1.5, fontSize: '1.05rem' }}>
        {section.header}
      </Typography>
      {section.type === 'info' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: INFO_COLUMNS, gap: { xs: 1.5, md: 2 } }}>
          {section.data.map((item) => (
            <Box key={item.header} sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {item.header}
              </Typography>
              <Typography
                variant="body2"
                component="div"
                sx={{ fontWeight: 500, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
              >
                {item.value}
                {item.corrected && (
                  <Chip
                    size="small"
                    label={translate('certificate.corrected')}
                    sx={{ ml: 0.5, height: 18, fontSize: 11 }}
                  />
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : section.images.length ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: IMAGE_COLUMNS, gap: 1.5 }}>
          {section.images.map((url, i) => (
            <SectionImage
              key={url}
              url={url}
              alt={translate('certificate.imageAlt', { section: section.header, n: i + 1 })}
            />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {emptyText ?? translate('certificate.noImages')}
        </Typography>
      )}
    </Paper>
  );
}
