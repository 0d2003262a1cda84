import { createListingUpload } from '@/lib/listings/uploads';
import { uploadRoute } from '@/lib/uploads/photo-route';

// POST /api/upload/listing: a new listing with its main photo (lib/listings/uploads.ts).
// Refusals (other sites, size, not a photo, signed out, a form that does not pass) happen
// before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uploadRoute(createListingUpload);
