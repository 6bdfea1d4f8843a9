import { BlogPostPage, postAt } from '../components/blog-post';
import { blogPosts } from '../content/blog-posts';

export default function BlogFlatPricingPage() {
  return <BlogPostPage post={postAt(blogPosts, '/blog/flat-pricing')} />;
}
