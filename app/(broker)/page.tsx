import { redirect } from 'next/navigation';

/** The quotes list is the broker's start page. */
export default function HomePage() {
  redirect('/quotes');
}
