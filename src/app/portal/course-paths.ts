// The addresses of the course views (decision 012). Its own small module: the dashboard links to
// them without loading the purchase flow.
export const coursePaths = {
  dashboard: '/dashboard',
  description: (id: string) => `/dashboard/course/${encodeURIComponent(id)}`,
  checkout: (id: string, fromDescription: boolean) =>
    fromDescription
      ? `/dashboard/course/${encodeURIComponent(id)}/checkout`
      : `/dashboard/checkout/${encodeURIComponent(id)}`,
  success: (orderId: string) => `/dashboard/payment-success/${encodeURIComponent(orderId)}`,
};
