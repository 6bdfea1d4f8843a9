import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { docsText } from '#src/shared/docs/messages.ts';
import { IMAGE_TYPES } from '#src/shared/docs/paths.ts';
import { problemText } from '#src/web/lib/api-client.ts';
import { docsApi } from './docs-api.ts';

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

// The image files among what was picked, pasted or dropped.
export const imagesIn = (files: FileList | null | undefined): File[] =>
  [...(files ?? [])].filter((file) => (IMAGE_TYPES as readonly string[]).includes(file.type));

// Images put into a page: each uploaded to the server, then placed where it was dropped (or at the
// caret) as an image the page's members can see. What went wrong is said once, in the server's words.
export function useImageUpload(workspaceId: string, pageId: string) {
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  async function place(editor: Editor, files: File[], at?: number): Promise<void> {
    setProblem(null);
    for (const file of files) {
      setUploading((count) => count + 1);
      try {
        const { image } = await docsApi.uploadImage(workspaceId, pageId, file);
        const content = { type: 'image', attrs: { src: image.url, alt: file.name } };
        if (at === undefined) editor.chain().focus().insertContent(content).run();
        else editor.chain().focus().insertContentAt(at, content).run();
      } catch (error) {
        setProblem(problemText(error, docsText.imageUploadFailed));
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }

  return { uploading: uploading > 0, problem, place };
}
