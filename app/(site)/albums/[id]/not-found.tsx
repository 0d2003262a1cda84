import { Missing } from '@/components/ui/missing';

export default function AlbumNotFound() {
  return (
    <Missing
      title="This album is not here"
      text="There is no album at this address, or it is not visible to you. It may have been deleted."
    />
  );
}
