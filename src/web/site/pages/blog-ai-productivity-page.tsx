import { BlogPostPage, postAt } from '../components/blog-post';
import { blogPosts } from '../content/blog-posts';

export default function BlogAiProductivityPage() {
  return <BlogPostPage post={postAt(blogPosts, '/blog/ai-productivity')} />;
}
