import { Missing } from '@/components/ui/missing';

export default function BlogNotFound() {
  return (
    <Missing
      title="This post is not here"
      text="There is no blog post at this address, or it is not visible to you. It may have been deleted, or it may be a draft."
    />
  );
}
