// The part of libcurl's easy and multi interfaces the parallel model pull uses, with typed wrappers for the variadic
// calls (curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt), which Swift cannot call directly.
#ifndef CGENUI_CURL_H
#define CGENUI_CURL_H

#include <curl/curl.h>

/// A body or header callback: libcurl's `curl_write_callback`.
typedef size_t (*genui_curl_data_callback)(char *data, size_t size, size_t count, void *context);

/// Initializes libcurl once per process (`curl_global_init(CURL_GLOBAL_DEFAULT)`; a later call only counts).
CURLcode genui_curl_global_init(void);
/// Sets an option taking a long.
CURLcode genui_curl_set_long(CURL *handle, CURLoption option, long value);
/// Sets an option taking a curl_off_t.
CURLcode genui_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
/// Sets an option taking a string (libcurl copies it).
CURLcode genui_curl_set_string(CURL *handle, CURLoption option, const char *value);
/// Sets an option taking a pointer (a header list, the callbacks' context).
CURLcode genui_curl_set_pointer(CURL *handle, CURLoption option, const void *value);
/// Sets CURLOPT_WRITEFUNCTION or CURLOPT_HEADERFUNCTION.
CURLcode genui_curl_set_callback(CURL *handle, CURLoption option, genui_curl_data_callback callback);
/// Reads a long (CURLINFO_RESPONSE_CODE).
CURLcode genui_curl_info_long(CURL *handle, CURLINFO info, long *value);
/// The result code of a finished transfer in a CURLMsg (`msg->data.result`).
CURLcode genui_curl_message_result(const CURLMsg *message);

#endif
