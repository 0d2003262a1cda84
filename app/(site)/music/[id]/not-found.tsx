import { Missing } from '@/components/ui/missing';

export default function PlaylistNotFound() {
  return (
    <Missing
      title="This playlist is not here"
      text="There is no playlist at this address, or it is not visible to you. It may have been deleted."
    />
  );
}
