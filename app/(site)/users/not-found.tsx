import { Missing } from '@/components/ui/missing';

export default function MemberNotFound() {
  return <Missing title="This member is not here" text="There is no member at this address, or their wall is not visible to you." />;
}
