import { Missing } from '@/components/ui/missing';

export default function ActivityNotFound() {
  return (
    <Missing
      title="This post is not here"
      text="There is no post at this address, or it is not visible to you. It may have been deleted."
    />
  );
}
