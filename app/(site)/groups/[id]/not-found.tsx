import { Missing } from '@/components/ui/missing';

export default function GroupNotFound() {
  return (
    <Missing
      title="This group is not here"
      text="There is no group at this address, or it is not visible to you. It may have been deleted, or be for its members only."
    />
  );
}
