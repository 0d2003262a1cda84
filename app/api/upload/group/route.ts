import { updateGroupPhoto } from '@/lib/social-api/groups';
import { pictureUploadRoute } from '@/lib/uploads/photo-route';

// POST /api/upload/group?id=…: a group's picture (form part `photo`), streamed on to POST
// /groups/{id}, which keeps every other setting. The group form saves the group first, then sends
// its picture here. Refusals (other sites, size, not a photo, signed out) happen in
// lib/uploads/stream-upload.ts before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = pictureUploadRoute('group', updateGroupPhoto);
