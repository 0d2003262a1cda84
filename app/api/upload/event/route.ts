import { updateEventPhoto } from '@/lib/social-api/events';
import { pictureUploadRoute } from '@/lib/uploads/photo-route';

// POST /api/upload/event?id=…: an event's picture (form part `photo`, after the `title` field the
// API's edit requires), streamed on to POST /events/{id}, which keeps every other setting. The
// event form saves the event first, then sends its picture here. Refusals (other sites, size,
// not a photo, signed out) happen in lib/uploads/stream-upload.ts before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = pictureUploadRoute('event', updateEventPhoto);
