import { useRef, useState } from 'react';
import { Avatar, Box, Button, FormHelperText, Typography } from '@mui/material';
import { useInput, useNotify, useTranslate, ValidationError } from 'react-admin';
import { ACCEPTED_IMAGE_EXTENSIONS, onlyImages, uploadImages } from './uploadImages.ts';
import { DropZone } from './DropZone.tsx';
import { errorMessage } from '../../pages/auth/useFormCall.tsx';

/** An image field: drop or choose a jpeg or png; it is uploaded to /file and the field keeps its url. */
export function ImageUploadInput({
  source,
  label,
  uploadFor,
}: {
  source: string;
  label: string;
  uploadFor?: 'avatar';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { field, fieldState } = useInput({ source });
  const [error, setError] = useState<string>();
  const picker = useRef<HTMLInputElement>(null);

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    if (!onlyImages([...files])) {
      setError(translate('upload.wrongType'));
      return;
    }
    setError(undefined);
    try {
      const { urls, message } = await uploadImages([...files].slice(0, 1), uploadFor);
      field.onChange(urls[0]);
      notify(message, { type: 'success' });
    } catch (e) {
      setError(errorMessage(e, translate('auth.somethingWrong')));
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate(label)}
      </Typography>
      <DropZone onFiles={(files) => void upload(files)} sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }}>
        {() => (
          <>
            {field.value && <Avatar src={field.value} variant="rounded" sx={{ width: 56, height: 56 }} />}
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {translate('upload.drop')}
            </Typography>
            <Button size="small" onClick={() => picker.current?.click()}>
              {translate('upload.choose')}
            </Button>
            {field.value && (
              <Button size="small" onClick={() => field.onChange(null)}>
                {translate('upload.remove')}
              </Button>
            )}
            <input
              ref={picker}
              hidden
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
