import { Link } from '#src/web/routing/links.tsx';
import { Card, PageHero, Section } from '#src/web/site/components/page-parts.tsx';
import { blogPosts } from '#src/web/site/content/blog-posts.ts';

export default function BlogPage() {
  return (
    <>
      <PageHero eyebrow="Blog" title="Notes from the Tessera team" lead="How we build Tessera, and what we learn from beta teams." />
      <Section>
        <ul className="mx-auto max-w-3xl space-y-6">
          {blogPosts.map((post) => (
            <li key={post.path}>
              <Card>
                <p className="text-sm text-slate-500">
                  {post.date} · {post.readTime}
                </p>
                <h2 className="mt-2 text-2xl font-bold text-slate-900">
                  <Link to={post.path} className="hover:text-accent-700">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 text-slate-600">{post.summary}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
