"""Project ``scrapy`` commands (``COMMANDS_MODULE``): Scrapy's own, with clearer failures."""
