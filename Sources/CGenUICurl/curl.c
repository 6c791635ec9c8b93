#include "CGenUICurl.h"

CURLcode genui_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode genui_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode genui_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

CURLcode genui_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode genui_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode genui_curl_set_callback(CURL *handle, CURLoption option, genui_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode genui_curl_info_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode genui_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}
