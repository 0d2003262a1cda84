import { Missing } from '@/components/ui/missing';

export default function EventNotFound() {
  return (
    <Missing
      title="This event is not here"
      text="There is no event at this address, or it is not visible to you. It may have been deleted."
    />
  );
}
