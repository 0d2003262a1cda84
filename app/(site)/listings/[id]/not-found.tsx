import { Missing } from '@/components/ui/missing';

export default function ListingNotFound() {
  return (
    <Missing
      title="This listing is not here"
      text="There is no listing at this address, or it is not visible to you. It may have been deleted."
    />
  );
}
