import { Missing } from '@/components/ui/missing';

export default function VideoNotFound() {
  return (
    <Missing
      title="This video is not here"
      text="There is no video at this address, or it is not visible to you. It may have been deleted, or it is still being converted."
    />
  );
}
