import { Missing } from '@/components/ui/missing';

export default function PhotoNotFound() {
  return (
    <Missing
      title="This photo is not here"
      text="There is no photo at this address, or it is not visible to you. It may have been deleted."
    />
  );
}
