import { INTRO_POST_PATH } from '#src/shared/brand.ts';
import { BlogPostPage, postAt } from '#src/web/site/components/blog-post.tsx';
import { blogPosts } from '#src/web/site/content/blog-posts.ts';

export default function BlogIntroducingPage() {
  return <BlogPostPage post={postAt(blogPosts, INTRO_POST_PATH)} />;
}
