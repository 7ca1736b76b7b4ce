import { useState, type FormEvent } from 'react';
import { Button, EmptyState, Pager, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { MESSAGES } from '@verba/contracts/domain';
import { IMAGE_TYPES, type AdminImage, type ImageKind } from '@verba/contracts/http';
import { uploadImage } from '../api/upload';
import { FileField } from '../../../components/FileField';
import { useDeleteImage, useImages } from '../api/media';

const PAGE_SIZE = 12;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** /app/admin/image-manager: upload (one png, jpeg or webp file), list, search, copy URL, delete. */
export function ImageManagerPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<'newest' | 'name' | 'size'>('newest');
  const [page, setPage] = useState(1);
  const images = useImages({ ...(search ? { search } : {}), sort, page, pageSize: PAGE_SIZE });
  const reload = () => void images.refetch();
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Image manager"
        subtitle="Images for chapters and articles: PNG, JPEG or WebP; content images up to 4 MB, previews up to 300 KB."
      />
      <UploadForm onUploaded={reload} />
      <section className="ad-panel ad-panel--spaced" aria-label="Images">
        <div className="ad-toolbar">
          <TextField label="Search by name" type="search" value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} />
          <div className="vk-field">
            <label className="vk-field__label" htmlFor="ad-image-sort">
              Sort
            </label>
            <select id="ad-image-sort" className="vk-input" value={sort} onChange={(e) => setSort(e.target.value as typeof sort)}>
              <option value="newest">Newest first</option>
              <option value="name">Name</option>
              <option value="size">Largest first</option>
            </select>
          </div>
        </div>
        {images.isPending ? <Spinner label="Loading images…" /> : null}
        <QueryErrorNotice query={images} title="The images could not be loaded." />
        {images.data?.images.length === 0 ? (
          <EmptyState title={search ? 'No image matches' : 'No images yet'}>Upload the first one above.</EmptyState>
        ) : null}
        <ul className="ad-images">
          {images.data?.images.map((image) => (
            <ImageCard key={image.id} image={image} onDeleted={reload} />
          ))}
        </ul>
        {images.data ? <Pager page={page} total={images.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      </section>
    </main>
  );
}

function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [files, setFiles] = useState<FileList | null>(null);
  const [kind, setKind] = useState<ImageKind>('content');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setError(undefined);
    // Spec §5: exactly one file.
    if (!files || files.length !== 1) return setError(MESSAGES.form.fileRequired);
    setBusy(true);
    try {
      const image = await uploadImage(files[0]!, kind);
      toast({ title: `“${image.name}” uploaded` });
      form.reset();
      setFiles(null);
      onUploaded();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ad-panel ad-upload" onSubmit={(e) => void submit(e)} noValidate>
      <FileField id="ad-image-file" label="Image file" accept={IMAGE_TYPES} error={error} onFiles={setFiles} />
      <div className="vk-field">
        <label className="vk-field__label" htmlFor="ad-image-kind">
          Kind
        </label>
        <select id="ad-image-kind" className="vk-input" value={kind} onChange={(e) => setKind(e.target.value as ImageKind)}>
          <option value="content">Content image (up to 4 MB)</option>
          <option value="preview">Preview (up to 300 KB)</option>
        </select>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Uploading…' : 'Upload'}
      </Button>
    </form>
  );
}

function ImageCard({ image, onDeleted }: { image: AdminImage; onDeleted: () => void }) {
  const remove = useDeleteImage({
    onSuccess: () => (toast({ title: `“${image.name}” deleted` }), onDeleted()),
    onError: (e) => toast({ title: 'The image was not deleted.', description: e.message, variant: 'destructive' }),
  });
  const copy = async () => {
    const url = new URL(image.url, window.location.origin).toString();
    await navigator.clipboard.writeText(url).then(
      () => toast({ title: 'Image URL copied', description: url }),
      () => toast({ title: 'Copy the URL by hand:', description: url, variant: 'info' }),
    );
  };
  return (
    <li className="ad-image">
      <img src={image.url} alt="" className="ad-image__thumb" loading="lazy" />
      <p className="ad-row__title">{image.name}</p>
      <p className="ad-muted">
        {image.kind === 'preview' ? 'Preview' : 'Content'} · {kb(image.size)}
      </p>
      <div className="ad-actions">
        <Button size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy URL of ${image.name}`}>
          Copy URL
        </Button>
        <AlertDialog
          trigger={
            <Button size="sm" variant="danger" aria-label={`Delete ${image.name}`}>
              Delete
            </Button>
          }
          title={`Delete “${image.name}”?`}
          description="Its URL stops working wherever it was used. This cannot be undone."
          confirmLabel="Delete image"
          destructive
          onConfirm={() => remove.mutate({ params: { imageId: image.id } })}
        />
      </div>
    </li>
  );
}
