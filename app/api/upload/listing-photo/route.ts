import { listingPhotoUpload } from '@/lib/listings/uploads';
import { uploadRoute } from '@/lib/uploads/photo-route';

// POST /api/upload/listing-photo: one more photo of a listing (lib/listings/uploads.ts),
// streamed on to POST /classifieds/photos. Refusals of the file itself (other sites, size, not a
// photo, signed out) happen before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uploadRoute(listingPhotoUpload);
