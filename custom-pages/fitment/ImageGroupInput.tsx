import { useRef, useState } from 'react';
import { Avatar, Box, Button, FormHelperText, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import { ACCEPTED_IMAGE_EXTENSIONS, onlyImages, uploadImages } from '../../src/resources/inputs/uploadImages.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { DropZone } from '../../src/resources/inputs/DropZone.tsx';
import { usePrivateFile } from '../../src/resources/inputs/usePrivateFile.ts';

interface Props {
  source: string;
  label: string;
  min: number;
  max: number;
  /** i18n key of the message when the count is off. */
  countMessage: string;
  required?: boolean;
  /** Tells the page an upload is running (its progress overlay). */
  onBusy(busy: boolean): void;
  /** DOC for KYC documents: stored where anonymous visitors cannot read them. */
  folder?: 'IMAGE' | 'DOC';
}

/** An uploaded image's thumbnail; a private document is read with the session's token. */
function Thumbnail({ url, alt }: { url: string; alt: string }) {
  return <Avatar src={usePrivateFile(url)} variant="rounded" sx={{ width: 64, height: 64 }} alt={alt} />;
}

/** A group of images (RC, device, Aadhaar, PAN): dropped or chosen, uploaded, shown, removable; between min and max of them. */
export function ImageGroupInput({ source, label, min, max, countMessage, required, onBusy, folder = 'IMAGE' }: Props) {
  const translate = useTranslate();
  // a key: react-admin translates a validator's message where it is shown
  const validate = (value: string[] | undefined) => {
    const n = value?.length ?? 0;
    if (!required && n === 0) return undefined;
    return n < min || n > max ? countMessage : undefined;
  };
  const { field, fieldState } = useInput<string[]>({ source, validate, defaultValue: [] });
  const urls: string[] = field.value ?? [];
  const [error, setError] = useState<string>();
  const picker = useRef<HTMLInputElement>(null);

  const upload = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!files.length) return;
    if (!onlyImages(files)) return setError(translate('upload.wrongType'));
    const room = max - urls.length;
    if (room <= 0) return setError(translate(countMessage));
    setError(undefined);
    onBusy(true);
    try {
      const uploaded = await uploadImages(files.slice(0, room), undefined, folder);
      field.onChange([...urls, ...uploaded.urls]);
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    } finally {
      onBusy(false);
      if (picker.current) picker.current.value = '';
    }
  };

  return (
    <Box role="group" aria-label={translate(label)} sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate(label)}
        {required ? ' *' : ''}
      </Typography>
      <DropZone
        onFiles={(files) => void upload(files)}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 1.5 }}
      >
        {(dragging) => (
          <>
            {urls.map((url, index) => (
              <Box key={url} sx={{ position: 'relative' }}>
                <Thumbnail url={url} alt={`${translate(label)} ${index + 1}`} />
                <IconButton
                  size="small"
                  aria-label={`${translate('upload.remove')} ${translate(label)} ${index + 1}`}
                  onClick={() => field.onChange(urls.filter((u) => u !== url))}
                  sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper' }}
                >
                  <CloseIcon fontSize="inherit" />
                </IconButton>
              </Box>
            ))}
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 160 }}>
              {dragging
                ? translate('fitment.images.dropHere')
                : urls.length
                  ? translate('fitment.images.uploaded', { smart_count: urls.length })
                  : translate('upload.drop')}
            </Typography>
            <Button size="small" disabled={urls.length >= max} onClick={() => picker.current?.click()}>
              {translate('upload.choose')}
            </Button>
            <input
              ref={picker}
              hidden
              multiple
              type="file"
              accept={ACCEPTED_IMAGE_EXTENSIONS}
              onChange={(e) => void upload(e.target.files)}
              aria-label={translate(label)}
            />
          </>
        )}
      </DropZone>
      {error ? (
        <FormHelperText error>{error}</FormHelperText>
      ) : (
        fieldState.error?.message && (
          <FormHelperText error>
            <ValidationError error={fieldState.error.message} />
          </FormHelperText>
        )
      )}
    </Box>
  );
}
