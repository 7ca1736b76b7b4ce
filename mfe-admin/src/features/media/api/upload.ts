import { startUpload } from '@verba/kit';
import { buildQuery } from '@verba/contracts/client';
import { uploadImage as uploadImageRoute, type AdminImage, type ImageKind } from '@verba/contracts/http';

/**
 * Uploads one image (multipart) through the kit's upload: CSRF, cookies, the answer parsed with the route's
 * schema. The kit's upload takes path parameters but no query, so the kind rides on the route's own path.
 */
export async function uploadImage(file: File, kind: ImageKind): Promise<AdminImage> {
  const route: typeof uploadImageRoute = {
    ...uploadImageRoute,
    path: `${uploadImageRoute.path}${buildQuery({ kind })}` as typeof uploadImageRoute.path,
  };
  const { image } = await startUpload(route, { fields: {}, file, filename: file.name }).result;
  return image;
}
