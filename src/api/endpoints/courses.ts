// GET /api/courses/:class/:stream/:branch_code/:roll_number/:mobile_number: the courses offered to
// the logged-in student, with the fee breakup after their waivers, and the course flags.
import type { CourseListParams, CourseListReply } from '../../generated/api/course-list';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const coursesPath = (params: CourseListParams, careerType?: string) =>
  withQuery(
    `/api/courses/${[
      params.class,
      params.stream,
      params.branch_code,
      params.roll_number,
      params.mobile_number,
    ]
      .map(encodeURIComponent)
      .join('/')}`,
    { career_type: careerType },
  );
export const coursesKey = (token: string, params: CourseListParams, careerType?: string) =>
  swrKey(coursesPath(params, careerType), token);

export const fetchCourses = (
  token: string,
  params: CourseListParams,
  careerType?: string,
  options?: RequestOptions,
) => apiGet<CourseListReply>(coursesPath(params, careerType), { ...options, token });
