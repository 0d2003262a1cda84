'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import type {
  ListingBulkInput,
  ListingIdInput,
  ListingPhotoIdInput,
  ListingPhotosInput,
  ListingPriceInput,
  ListingSaveInput,
  ListingStateInput,
} from '@/lib/validations/listing';
import {
  bulkListingsCommand,
  deleteListingCommand,
  deleteListingPhotoCommand,
  saveListingPhotosCommand,
  setListingPriceCommand,
  saveListingCommand,
  setListingStateCommand,
  type BulkRowResult,
  type ListingSaved,
} from '@/lib/listings/commands';

// Listings' changes for the signed-in person (lib/listings/commands.ts does the work).
// Each is a public POST endpoint: the commands validate everything they are given.

export async function setListingState(input: ListingStateInput): Promise<ActionResult<{ open: boolean }>> {
  return withSession((s) => setListingStateCommand(s.accessToken, input));
}

export async function removeListing(input: ListingIdInput): Promise<ActionResult> {
  return withSession((s) => deleteListingCommand(s.accessToken, input));
}

export async function bulkListings(input: ListingBulkInput): Promise<ActionResult<BulkRowResult[]>> {
  return withSession((s) => bulkListingsCommand(s.accessToken, input));
}

export async function saveListingPrice(input: ListingPriceInput): Promise<ActionResult<{ price: number | null }>> {
  return withSession((s) => setListingPriceCommand(s.accessToken, input));
}

export async function saveListing(input: ListingSaveInput): Promise<ActionResult<ListingSaved>> {
  return withSession((s) => saveListingCommand(s.accessToken, input));
}

export async function saveListingPhotos(input: ListingPhotosInput): Promise<ActionResult> {
  return withSession((s) => saveListingPhotosCommand(s.accessToken, input));
}

export async function removeListingPhoto(input: ListingPhotoIdInput): Promise<ActionResult> {
  return withSession((s) => deleteListingPhotoCommand(s.accessToken, input));
}
