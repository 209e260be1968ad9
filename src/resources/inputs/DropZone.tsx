import { useState, type ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';

/** A dashed area that takes dropped files (images, a CSV) and highlights while they are dragged over it. */
export function DropZone({
  onFiles,
  children,
  sx,
}: {
  onFiles(files: FileList): void;
  children: (dragging: boolean) => ReactNode;
  sx?: SxProps<Theme>;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles(e.dataTransfer.files);
      }}
      sx={[
        { border: '1px dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children(dragging)}
    </Box>
  );
}
