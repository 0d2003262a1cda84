import { Missing } from '@/components/ui/missing';

export default function ConversationNotFound() {
  return (
    <Missing
      title="This conversation is not here"
      text="There is no conversation of yours at this address. You may have deleted it, or it was never yours."
    />
  );
}
