import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { currentBrand } from '../../brands/index.ts';
import { PublicFrame } from './PublicFrame.tsx';

/** The legal texts are lists of paragraphs in the messages (pages.terms.0, pages.terms.1, ...). */
function LegalTextPage({ title, messages }: { title: string; messages: 'terms' | 'privacy' }) {
  const translate = useTranslate();
  const paragraphs: string[] = [];
  for (let i = 0; ; i++) {
    const text = translate(`pages.${messages}.${i}`, { _: '' });
    if (!text) break;
    paragraphs.push(text);
  }
  return (
    <PublicFrame title={title}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('pages.lastUpdated')}
      </Typography>
      <Stack spacing={2}>
        {paragraphs.map((p) => (
          <Typography key={p}>{p}</Typography>
        ))}
      </Stack>
    </PublicFrame>
  );
}

export const TermsPage = () => <LegalTextPage title="pages.termsTitle" messages="terms" />;
export const PrivacyPage = () => <LegalTextPage title="pages.privacyTitle" messages="privacy" />;

export function ContactPage() {
  const translate = useTranslate();
  const brand = currentBrand();
  return (
    <PublicFrame title="pages.contactTitle">
      <Typography sx={{ mb: 3 }}>{translate('pages.contactIntro')}</Typography>
      <Stack spacing={1.5}>
        <Typography>
          <strong>{translate('pages.contactAddress')}:</strong> {brand.address}
        </Typography>
        <Typography>
          <strong>{translate('pages.contactEmail')}:</strong> <a href={`mailto:${brand.email}`}>{brand.email}</a>
        </Typography>
        <Typography>
          <strong>{translate('pages.contactPhone')}:</strong>{' '}
          <a href={`tel:${brand.phone.replace(/\s/g, '')}`}>{brand.phone}</a>
        </Typography>
      </Stack>
    </PublicFrame>
  );
}
