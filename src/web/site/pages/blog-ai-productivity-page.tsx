import { BlogPostPage, postAt } from '#src/web/site/components/blog-post.tsx';
import { blogPosts } from '#src/web/site/content/blog-posts.ts';

export default function BlogAiProductivityPage() {
  return <BlogPostPage post={postAt(blogPosts, '/blog/ai-productivity')} />;
}
